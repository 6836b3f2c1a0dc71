/**
 * Root of the package's stubs, for `codemods.makeUsingStub()`.
 */
export const stubsRoot = import.meta.dirname
