export type { AnyProcessDefinition, ProcessCommand, ProcessDecision, ProcessDefinition, ProcessInput, SendContext } from './types';
export { ProcessManager, type ProcessManagerOptions } from './manager';
export { processDecider, type HandleInput, type ProcessState } from './decider';
export { PROCESS_EVENT_SCHEMAS, PROCESS_EVENT_TYPES, processStream, type ProcessEvent } from './events';
