/**
 * A page prop computed after the page: the renderer sends the page without
 * it and the client asks for it right away (Inertia deferred props), so a
 * slow part (tab badges) never delays the page. Props of the same `group`
 * load in one request.
 */
export class DeferredProp<T = unknown> {
  constructor(
    readonly resolve: () => Promise<T>,
    readonly group = 'kit'
  ) {}
}
