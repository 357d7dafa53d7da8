/**
 * What the tests list or count, taken from the registries (docs/contributing.md): the rule check's
 * checks, the MCP tools, the brief's items and sidebar sections, the hosts. A test compares with
 * these instead of writing the list out, so a new entry breaks only its own test. A file that
 * replaces a registry with vi.mock gets its entries here too.
 */
import { AGENT_IDS } from '../../src/core/hosts/agent-contracts';
import { CHANGE_ITEM_IDS, LIST_ITEM_IDS, LIST_ITEM_TABLE, SECTION_IDS } from '../../src/core/brief/brief-items';
import { ALL_CHECKS, BUILT_IN_CHECKS } from '../../src/core/rules/engine';
import { TOOL_NAMES } from '../../src/node/mcp/contract';

/** How many checks every run of the rule check runs (the summary line counts them). */
export const CHECK_COUNT: number = BUILT_IN_CHECKS.length;
/** ... and with the user's external check, which runs when it is set up. */
export const CHECK_COUNT_WITH_EXTERNAL: number = ALL_CHECKS.length;

/** The MCP server's tools, in the order it lists them. */
export const TOOLS: string[] = [...TOOL_NAMES];

/** The keys of `items` in `report --json`, in order: the daily note, the list items, what agents changed. */
export const REPORT_ITEMS: string[] = ['dailyNote', ...LIST_ITEM_IDS, ...CHANGE_ITEM_IDS];

/** The *Needs review* sidebar's sections, top to bottom. */
export const SECTIONS: string[] = [...SECTION_IDS];
/** The sections whose rows (and header) offer *Mark as reviewed*. */
export const MARKABLE_SECTIONS: string[] = SECTIONS.filter((id) => LIST_ITEM_TABLE.find((d) => d.id === id)?.sidebar?.mark !== undefined);

/** Every host's id, in the order `--agent` and the plugin's dialog list them. */
export const HOST_IDS: string[] = [...AGENT_IDS];
