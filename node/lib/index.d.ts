// Types of the sortid Node.js package (docs/node.md documents each call).
export type PRNG = () => number;
export type ULIDFactory = (seedTime?: number) => string;
export declare const MAX_ULID: string;
export declare const MIN_ULID: string;
export declare const TIME_LEN: number;
export declare const TIME_MAX: number;
export declare const ULIDErrorCode: Readonly<Record<string, string>>;
export declare class ULIDError extends Error {
  code: string;
  position?: number;
  constructor(errorCode: string, message: string);
}
export declare function ulid(seedTime?: number, prng?: PRNG): string;
export declare function monotonicFactory(prng?: PRNG): ULIDFactory;
export declare function decodeTime(id: string): number;
export declare function encodeTime(now: number, len?: number): string;
export declare function isValid(id: unknown): boolean;
export declare function ulidToUUID(ulid: string): string;
export declare function uuidToULID(uuid: string): string;
export declare function fixULIDBase32(id: string): string;
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
export declare function activeTarget(): string;
