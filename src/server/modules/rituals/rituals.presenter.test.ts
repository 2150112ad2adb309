import { describe, expect, it } from 'vitest';
import { dateIn } from '@/shared/domain/calendar';
import { presentRitual, type RitualRow, stoppedDates } from './rituals.presenter';

/** The rituals' dates in their own zone, and the days Red held (decision 074): pure, no database. */
describe('rituals presenter', () => {
  const at = (iso: string) => new Date(iso);

  it('counts a stop on every local day it touches; a lifting at midnight leaves the next day free', () => {
    const now = at('2030-03-20T12:00:00Z');
    const stops = [
      // 23:30 on the 10th to 00:00 on the 12th, Berlin time (UTC+1): the 10th and the 11th.
      { calledAt: at('2030-03-10T22:30:00Z'), liftedAt: at('2030-03-11T23:00:00Z') },
      // Still open since the 19th: to today.
      { calledAt: at('2030-03-19T08:00:00Z'), liftedAt: null },
    ];
    expect([...stoppedDates(stops, 'Europe/Berlin', now, '2030-03-01')].sort()).toEqual([
      '2030-03-10',
      '2030-03-11',
      '2030-03-19',
      '2030-03-20',
    ]);
    // The same stops read in New York (UTC-4 from the 10th): other days.
    expect([...stoppedDates(stops, 'America/New_York', now, '2030-03-11')].sort()).toEqual([
      '2030-03-11',
      '2030-03-19',
      '2030-03-20',
    ]);
  });

  it('today, the week and the earlier markable days are in the ritual’s zone', () => {
    const row: RitualRow = {
      id: 'r',
      pairId: 'p',
      name: 'Tea',
      steps: [],
      days: [1, 3, 5],
      time: '07:00',
      timeZone: 'Pacific/Auckland',
      award: 0,
      since: '2030-03-01',
      daysFrom: '2030-03-01',
      createdAt: at('2030-03-01T00:00:00Z'),
      updatedAt: at('2030-03-01T00:00:00Z'),
      retiredAt: null,
    };
    // Sunday 17 March, 13:00 UTC: already Monday the 18th in Auckland.
    const now = at('2030-03-17T13:00:00Z');
    expect(dateIn(now, 'Pacific/Auckland')).toBe('2030-03-18');
    const view = presentRitual(row, new Map([['2030-03-15', { mark: 'done', note: null }]]), [], now);
    expect(view.week[0]).toMatchObject({ date: '2030-03-18', scheduled: true, markable: true });
    expect(view.week[2]).toMatchObject({ date: '2030-03-20', scheduled: true, markable: false });
    expect(view.earlier.map((d) => [d.date, d.mark])).toEqual([
      ['2030-03-11', null],
      ['2030-03-13', null],
      ['2030-03-15', 'done'],
    ]);
    // The 11th and 13th were missed, the 15th kept; today rests.
    expect(view.streak).toEqual({ current: 1, best: 1 });
  });
});
