export { EnvelopeError, ENVELOPE_VERSION } from './crypto';
export { normaliseEmail, normalisePhone, type LookupKind } from './lookup';
export { isMasterKeyText, personalDataMasterKey, MASTER_KEY_FILE } from './master-key';
export {
  MissingKeyError,
  PersonalData,
  SubjectErasedError,
  type ErasureOutcome,
  type Opened,
  type PersonalDataOptions,
  type PersonalFields,
  type SubjectKey,
} from './personal-data';
export { ERASED, sealedEnvelope, sealingEventStore, type PersonalDataDeclarations, type PersonalFieldsOf } from './sealing-store';
export { cartSubject, contactSubject, customerSubject, guestOrderSubject, idInSubject, SUBJECT_PREFIX, parseSubjectId, type SubjectId, type SubjectKind } from './subjects';
