/**
 * The host registry: every host descriptor, in the order the command line and the plugin's dialog
 * list them. Adding a host is one module beside this file and one entry here, with its
 * registration spec in src/node/hosts/ (docs/contributing.md, "An agent host").
 */
import { claudeCode } from './claude-code';
import { codebuddy } from './codebuddy';
import { codex } from './codex';
import { copilot } from './copilot';
import { cursor } from './cursor';
import { devin } from './devin';
import { gemini } from './gemini';
import { qwen } from './qwen';

export const HOSTS = [claudeCode, codex, gemini, qwen, cursor, copilot, devin, codebuddy] as const;
