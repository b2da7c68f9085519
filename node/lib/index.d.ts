// Types of the sortid Node.js package (docs/node.md documents each call).
// A superset of npm ulid 3.x's declarations: code that type-checks against
// npm ulid type-checks against sortid (node/test/types.test.js).
export type PRNG = () => number;
export type ULID = string;
export type UUID = string;
// What ulidToUUID returns: the shape of Node's crypto.UUID (npm ulid's type).
export type UUIDString = `${string}-${string}-${string}-${string}-${string}`;
export type ULIDFactory = (seedTime?: number) => ULID;
export declare const MAX_ULID = "7ZZZZZZZZZZZZZZZZZZZZZZZZZ";
export declare const MIN_ULID = "00000000000000000000000000";
export declare const TIME_LEN = 10;
export declare const TIME_MAX = 281474976710655;
export declare enum ULIDErrorCode {
  Base32IncorrectEncoding = "B32_ENC_INVALID",
  DecodeTimeInvalidCharacter = "DEC_TIME_CHAR",
  DecodeTimeValueMalformed = "DEC_TIME_MALFORMED",
  EncodeTimeNegative = "ENC_TIME_NEG",
  EncodeTimeSizeExceeded = "ENC_TIME_SIZE_EXCEED",
  EncodeTimeValueMalformed = "ENC_TIME_MALFORMED",
  PRNGDetectFailure = "PRNG_DETECT",
  ULIDInvalid = "ULID_INVALID",
  Unexpected = "UNEXPECTED",
  UUIDInvalid = "UUID_INVALID"
}
export declare class ULIDError extends Error {
  code: ULIDErrorCode;
  position?: number;
  constructor(errorCode: ULIDErrorCode, message: string);
}
export declare function ulid(seedTime?: number, prng?: PRNG): ULID;
export declare function monotonicFactory(prng?: PRNG): ULIDFactory;
export declare function decodeTime(id: ULID): number;
export declare function encodeTime(now: number, len?: number): string;
export declare function isValid(id: unknown): boolean;
export declare function ulidToUUID(ulid: ULID): UUIDString;
export declare function uuidToULID(uuid: string): ULID;
export declare function fixULIDBase32(id: string): string;
// npm ulid's PRNG helpers (exported by its build; 2.x's factory, detectPrng).
export declare function detectPRNG(root?: any): PRNG;
export declare function detectPrng(allowInsecure?: boolean, root?: any): PRNG;
export declare function factory(prng?: PRNG): (seedTime?: number) => ULID;
export declare function encodeRandom(len: number, prng: PRNG): string;
export declare function randomChar(prng: PRNG): string;
export declare const ULID_REGEX: RegExp;
export declare const UUID_REGEX: RegExp;
export declare function incrementBase32(str: string): string;

export type TimeInput = number | Date | string;
export declare function sortKey(prefix: string, seedTime?: number): string;
export declare function sortKeyRange(prefix: string, from: TimeInput, to: TimeInput): [string, string];

export interface TextOptions { prefix?: string; separator?: '\n' | ''; }
export interface GenerateOptions extends TextOptions { monotonic?: boolean; }
export interface Decoded { ids: Buffer; valid: Buffer; invalid: number; count: number; }
export type Format = 'ulid' | 'uuid' | 'hex';
export declare function ulidBuffer(count: number, options?: GenerateOptions): Buffer;
export declare function ulidString(count: number, options?: GenerateOptions): string;
export declare function ulidBinary(count: number, options?: { monotonic?: boolean }): Buffer;
export declare function decodeMany(input: Uint8Array | string | Array<unknown>,
  options?: { format?: Format; prefix?: string }): Decoded;
export declare function encodeMany(ids: Uint8Array, options?: TextOptions & {
  format?: Format; case?: 'canonical' | 'lower' | 'upper'; output?: 'buffer' | 'string' | 'array';
  valid?: Uint8Array; }): Buffer | string | Array<string | null>;
export declare function ulidsToUUIDs(input: Uint8Array | string | Array<unknown>, options?: {
  prefix?: string; separator?: '\n' | ''; case?: 'canonical' | 'lower' | 'upper';
  output?: 'buffer' | 'string' | 'array'; }): { text: Buffer | string | Array<string | null>;
  valid: Buffer; invalid: number; count: number };
export declare function decodeTimes(ids: Uint8Array, options?: { bigint?: false }): Float64Array;
export declare function decodeTimes(ids: Uint8Array, options: { bigint: true }): BigInt64Array;
export declare const version: string;
// The CPU target of the bulk calls; '' when SORTID_TARGET names one this CPU
// cannot run (the bulk and generating calls then throw).
export declare function activeTarget(): string;
