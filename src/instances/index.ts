export { ALIVE_MS, BEAT_MS, createInstanceRegistry, SWEPT_AFTER_MS, type InstanceRegistry, type InstanceRow } from './registry';
export { createJobs, type Jobs } from './jobs';
