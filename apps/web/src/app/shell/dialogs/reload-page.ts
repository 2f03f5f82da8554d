/** Full page loads of the shell (spec 000 §4); their own module so tests can replace them. */

/** After a department/organisation switch every screen starts again with the new user info. */
export function reloadPage(): void {
  window.location.reload();
}

/** After logout: a full load of the login page also drops every in-memory cache of the old session. */
export function loadPage(path: string): void {
  window.location.assign(path);
}
