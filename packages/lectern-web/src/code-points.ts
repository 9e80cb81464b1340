/** Length in Unicode code points, the unit of `assistant.delta`'s `offset`. */
export function codePointLength(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdbff) length += 1;
  }
  return length;
}

/** The part of `text` after its first `count` code points. */
export function afterCodePoints(text: string, count: number): string {
  let index = 0;
  for (let seen = 0; seen < count && index < text.length; seen += 1) {
    const unit = text.charCodeAt(index);
    index += unit >= 0xd800 && unit <= 0xdbff ? 2 : 1;
  }
  return text.slice(index);
}
