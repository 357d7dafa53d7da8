/** Hosts a user may ask for that have no session-start hook we can register; `install` says why and exits 3. */
export const UNSUPPORTED_AGENTS: Readonly<Record<string, string>> = {
	windsurf:
		'Windsurf (Cascade) hooks have no session-start event and no documented way to hand text to the model, so there is nothing to register. Its terminal agent, Devin CLI (Devin Local), has both: use --agent devin.',
	kiro:
		'Kiro CLI 2.x runs hooks only from a custom agent file (.kiro/agents/<name>.json, agentSpawn), so a hook there reaches only sessions started with that agent, and editing an agent file changes that agent\'s tools and prompt too; the standalone hook files of Kiro 3.0 (.kiro/hooks/, SessionStart) are behind a flag in 2.x and do not document how a command\'s output reaches the model. There is nothing every session would run. The MCP server (session-brief.cjs mcp) works in Kiro\'s .kiro/settings/mcp.json.',
};
