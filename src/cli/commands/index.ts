import type { Command } from '../command.js';
import { agentCommands } from './agent.js';
import { agentWakeCommands } from './agent-wake.js';
import { backupCommands } from './backup.js';
import { evidenceCommands } from './evidence.js';
import { gateCommands } from './gate.js';
import { gateDecisionCommands } from './gate-decide.js';
import { goalCommands } from './goal.js';
import { grantCommands } from './grant.js';
import { jobCommands } from './jobs.js';
import { ledgerCommands } from './ledger.js';
import { mcpCommands } from './mcp.js';
import { monitorCommands } from './monitor.js';
import { personCommands } from './person.js';
import { quotaCommands } from './quota.js';
import { setupCommands } from './setup.js';
import { todoCommands } from './todo.js';
import { webCommands } from './web.js';

/** Every `loopx` command, in help order. */
export const COMMANDS: readonly Command[] = [...setupCommands, ...backupCommands, ...goalCommands, ...personCommands, ...agentCommands, ...agentWakeCommands, ...todoCommands, ...monitorCommands, ...evidenceCommands, ...gateCommands, ...gateDecisionCommands, ...grantCommands, ...quotaCommands, ...jobCommands, ...ledgerCommands, ...webCommands, ...mcpCommands];
