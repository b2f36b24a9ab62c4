import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { FIRST_SCREEN_DATA_ID, takeFirstScreenData, takenOverView, type FirstScreenData } from './first-screen-data.ts';
import { SESSION_QUERY_KEY } from './session.ts';
import { publishingKey } from '../ui/publishing/api.ts';

function pageWith(carried: unknown): Document {
  const doc = document.implementation.createHTMLDocument('page');
  const script = doc.createElement('script');
  script.type = 'application/json';
  script.id = FIRST_SCREEN_DATA_ID;
  script.textContent = JSON.stringify(carried);
  doc.body.append(script);
  return doc;
}

describe('what a drawn page carries', () => {
  it('goes in the query cache (the session and the title lines’ answers) as answered by the server, and leaves the page', () => {
    const client = new QueryClient();
    const at = Date.now() - 2_000;
    const status = { publication: null, lastEditAt: null };
    const carried: FirstScreenData = {
      at,
      view: { language: 'pl', density: 'compact', strip: true, phone: false },
      session: { user: { id: 'u1', email: 'planista@grafik.test', name: 'Planista', role: 'admin' } as never },
      answers: [{ key: publishingKey('2026-11', 'Rampa'), data: status }],
    };
    const doc = pageWith(carried);
    takeFirstScreenData(client, doc);
    expect(client.getQueryData(SESSION_QUERY_KEY)).toEqual(carried.session);
    expect(client.getQueryData(publishingKey('2026-11', 'Rampa'))).toEqual(status);
    expect(client.getQueryState(publishingKey('2026-11', 'Rampa'))?.dataUpdatedAt).toBe(at);
    expect(takenOverView()).toEqual(carried.view);
    expect(doc.getElementById(FIRST_SCREEN_DATA_ID)).toBeNull();
  });

  it('changes nothing when the page carries nothing readable', () => {
    const client = new QueryClient();
    const doc = document.implementation.createHTMLDocument('page');
    const broken = doc.createElement('script');
    broken.id = FIRST_SCREEN_DATA_ID;
    broken.textContent = '{not json';
    doc.body.append(broken);
    takeFirstScreenData(client, doc);
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});
