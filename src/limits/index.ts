export { HOLD_SHARE_DEFAULTS, LIMIT_DEFAULTS, LIMIT_NAMES, limitVariable, type HoldShares, type LimitName, type LimitSettings } from './definitions';
export { countItem, createLimits, forgetEndedWindows, giveBackItem, refuseWhenOver, takeAll, takeForWork, takeItem, type LimitDecision, type Limits } from './limits';
export { holdShareSettings, limitSettings, limitVariables } from './settings';
export { clientAddress, trustClientAddress } from './client-address';
export {
  createLiveStreamCaps,
  LIVE_STREAMS_PER_ADDRESS,
  LIVE_STREAMS_PER_SESSION,
  refuseWhenFull,
  TOO_MANY_STREAMS,
  type LiveStreamLimits,
} from './live-streams';
