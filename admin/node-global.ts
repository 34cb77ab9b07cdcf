// Node's `global`, which one of Decap's packages (@iarna/toml) reads as it loads. The build's
// bundle reaches that code only when a TOML file is read; the dev server's pre-bundle of Decap
// (split where ./decap-session.ts reaches Decap's own modules) runs it as the chunk loads, and
// the editor stopped with "global is not defined". Imported first by ./main.tsx, before Decap.
const scope = globalThis as typeof globalThis & { global?: typeof globalThis }
scope.global ??= globalThis
