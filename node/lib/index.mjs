// The ES module entry of sortid (package.json "exports" → "import"): every
// name of the CommonJS entry, as real named exports, plus a default export
// of the whole module object.
import sortid from './index.js';

export const {
  MAX_ULID, MIN_ULID, TIME_LEN, TIME_MAX, ULIDError, ULIDErrorCode,
  decodeTime, encodeTime, fixULIDBase32, incrementBase32, isValid, monotonicFactory, ulid,
  ulidToUUID, uuidToULID,
  detectPRNG, detectPrng, factory, encodeRandom, randomChar, ULID_REGEX, UUID_REGEX,
  sortKey, sortKeyRange,
  ulidBuffer, ulidString, ulidBinary, decodeMany, encodeMany, ulidsToUUIDs, decodeTimes,
  version, activeTarget,
} = sortid;
export default sortid;
