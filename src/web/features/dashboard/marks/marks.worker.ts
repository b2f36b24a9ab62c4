// Judges the month's saved shifts against the hard rules off the page's thread (a month of 200 people
// takes the rules a few hundred milliseconds), so that a save or a new month paints and answers clicks
// at once; the marks follow when this answers (docs/decisions/0019-grid-rows-in-view.md).
import { monthBreaches } from './marks.ts';
import type { JudgeRequest, JudgeAnswer } from './judge.ts';

self.onmessage = (event: MessageEvent<JudgeRequest>) => {
  const { id, data, previous } = event.data;
  const answer: JudgeAnswer = { id, breaches: [...monthBreaches(data, previous)] };
  self.postMessage(answer);
};
