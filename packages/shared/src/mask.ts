/** Personal data as shown to others: in audit rows on the server, on profile pages in the browser. */

/** '13800000001' → '138****0001'; anything shorter keeps only its last two characters. */
export function maskMobile(mobile: string): string {
  if (mobile.length >= 7) return `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
  return `${'*'.repeat(Math.max(0, mobile.length - 2))}${mobile.slice(-2)}`;
}
