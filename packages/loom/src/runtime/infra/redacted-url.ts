/** A connection URL fit for messages and printing: the password of `scheme://user:secret@host` never shows. */
export function withoutCredentials(url: string): string {
  return url.replace(/\/\/([^/@]*)@/, (_match, userInfo: string) => `//${userInfo.includes(':') ? `${userInfo.split(':')[0]}:***` : userInfo}@`);
}
