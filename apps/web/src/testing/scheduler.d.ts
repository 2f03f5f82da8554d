/** The two calls of React's scheduler (a dependency of react-dom) the test setup uses; the package ships no types. */
declare module 'scheduler' {
  export const unstable_IdlePriority: number;
  export function unstable_scheduleCallback(priority: number, callback: () => null | void): unknown;
}
