/**
 * The admins' "Verify read models" (issue 40 item 3), as GET/POST /api/operations/verify answer it: the verify
 * under way, or the last one's outcome, in plain sentences.
 */
export interface VerifyState {
  state: 'never' | 'running' | 'agrees' | 'differs' | 'failed';
  /** A read model's name, or 'all'. */
  projection?: string;
  /** ISO instants. */
  startedAt?: string;
  finishedAt?: string;
  /** The report, one sentence a line. */
  sentences: string[];
  /** Every read model that can be verified. */
  projections: string[];
}
