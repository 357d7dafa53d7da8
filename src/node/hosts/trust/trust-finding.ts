/** What a host's trust step looks like to install and doctor (the checks themselves live with each host). */
import type { Scope } from '../host-spec';

export interface TrustFinding {
	status: 'ok' | 'warn' | 'info';
	message: string;
	fix?: string;
}

export interface TrustOptions {
	vault: string;
	home: string;
	/** Where the hooks are registered (the host's project, local or user settings). */
	scope?: Scope;
	env: NodeJS.ProcessEnv;
	platform: NodeJS.Platform;
}
