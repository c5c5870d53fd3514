/** /debug/crash: throws while rendering so the error screen can be exercised end to end. */
export function CrashRoute(): never {
  throw new Error('Deliberate render error from /debug/crash');
}
