/**
 * The agent commands as one object, for the Obsidian plugin: it loads this from the bridge file it
 * embeds (src/node/agent-library.ts says why), never from its own bundle.
 */
import type { AgentLibrary } from '../agent-library';
import { doctor, formatDoctor } from './doctor/doctor';
import { install } from './install';
import { EXIT, findNodeOnPath, specFor } from './options';
import { uninstall } from './uninstall';
import { hooksRemoved } from './installed-hooks';

export const AGENT_LIBRARY: AgentLibrary = {
	install,
	uninstall,
	doctor,
	formatDoctor,
	findNodeOnPath,
	scopesOf: (agent) => specFor(agent).scopes,
	hooksRemoved,
	exit: EXIT,
};
