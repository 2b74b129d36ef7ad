/**
 * A place name written in capitals ("LELAND GROVE", "KUMURAM BHEEM ASIFABAD") as people write it:
 * "Leland Grove". Each word's first letter upper case, the rest lower; a word starts after a space, a
 * hyphen, an apostrophe or a bracket. Used where a source writes names in capitals: the National
 * Weather Service's texts (the places a warning names) and India Post's directory (the gazetteer).
 */
export function titleCase(name: string): string {
  return name.toLocaleLowerCase('en-US').replace(/(^|[\s'(-])(\p{L})/gu, (_all, before: string, letter: string) => before + letter.toLocaleUpperCase('en-US'));
}
