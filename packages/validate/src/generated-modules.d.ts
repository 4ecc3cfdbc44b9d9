// The generated validator modules, as generated/loaders.ts imports them: CommonJS (ajv's
// standalone code), whose exports the registry reads by name.
declare module '*.cjs' {
  const exports: Record<string, unknown>;
  export default exports;
}
