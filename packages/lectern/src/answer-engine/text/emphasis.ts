// Cues by which a teacher marks a point as important.

const EMPHASIS_CUES =
  /\b(?:important|importantly|key (?:point|idea|concept|takeaway)|main (?:point|idea)|takeaway|remember|don't forget|do not forget|make sure|note that|notice that|pay attention|crucial|essential|critical|keep in mind|bottom line|the big idea|you (?:need|have) to know|will be on the (?:exam|test|quiz|midterm|final)|write this down|memori[sz]e)\b|重点|重要|记住|注意|关键|一定要|核心|必须|考点|划重点|别忘了|千万|务必|要掌握|要记/i;

export function isEmphasised(sentence: string): boolean {
  return EMPHASIS_CUES.test(sentence);
}
