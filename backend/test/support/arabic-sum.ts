/**
 * The answer to the question of the comment form without JavaScript, read as a reader reads it (kept apart from the
 * server's own list of words, so that a wrong word on the server fails the tests): API and browser tests use it.
 */

/** 1 to 9 as the question says them (two is «اثنان» as the subject, «اثنين» after «زائد»). */
const NUMBER_WORDS: Record<string, number> = {
  واحد: 1,
  اثنان: 2,
  اثنين: 2,
  ثلاثة: 3,
  أربعة: 4,
  خمسة: 5,
  ستة: 6,
  سبعة: 7,
  ثمانية: 8,
  تسعة: 9,
};

/** Reads «كم يساوي سبعة زائد اثنين؟ اكتب الناتج بالأرقام» as a reader would: 9. */
export function answerOf(question: string): number {
  const match = /^كم يساوي (\S+) زائد (\S+?)؟/.exec(question.trim());
  const [a, b] = [match?.[1], match?.[2]].map((word) => (word ? NUMBER_WORDS[word] : undefined));
  if (a === undefined || b === undefined) throw new Error(`cannot read the sum in «${question}»`);
  return a + b;
}
