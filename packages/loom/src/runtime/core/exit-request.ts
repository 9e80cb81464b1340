/**
 * `exit(code)` ends the program with that status by throwing an ExitRequest. A value of its
 * own (not an Error), so that `try/catch`, `?` and `settle` let it pass on to the host, which
 * turns it into the exit status.
 */
export class ExitRequest {
  constructor(readonly status: number) {}
}
