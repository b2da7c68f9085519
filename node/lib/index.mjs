// The ES module entry of sortid (package.json "exports" → "import"): every
// name of the CommonJS entry, as real named exports (Node's loader reads them
// from index.js's module.exports literal), plus a default export of the whole
// module object.
export * from './index.js';
export { default } from './index.js';
