import type { CompareUsers, Person, ProfileUser } from '@series-tracker/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { inLanguage, renderApp } from '@/test/render';
import { page } from '@/test/shows';
import { signedInHandler } from '@/test/tracking';

const bob: ProfileUser = {
  id: 2,
  username: 'bob',
  displayName: 'Bob Viewer',
  avatarUrl: null,
  bio: null,
  isPublic: true,
  createdAt: '2024-03-15T10:00:00.000Z',
  updatedAt: '2024-03-15T10:00:00.000Z',
  followersCount: 3,
  followingCount: 0,
  reviewsCount: 0,
  listsCount: 0,
  showsCount: 0,
  detailsHidden: false,
};

const person = (id: number, name: string, followersCount: number): Person => ({
  id,
  username: name.toLowerCase(),
  displayName: name,
  avatarUrl: null,
  bio: null,
  isPublic: true,
  createdAt: '2024-01-01T00:00:00.000Z',
  followersCount,
  isFollowing: false,
});

function followersOfBob(people: Person[]) {
  return signedInHandler((call) => {
    if (call.url === '/api/users/username/bob') return jsonResponse(200, { user: bob });
    if (call.url.startsWith('/api/social/2/followers')) return jsonResponse(200, page(people));
    return jsonResponse(404, { error: 'x', code: 'NOT_FOUND' });
  });
}

/** Profiles, people and follows in other languages (issue 31). */
describe('people pages in other languages', () => {
  it('lists followers in German, with Follow in German and German plurals', async () => {
    mockFetch(followersOfBob([person(3, 'Carol', 7)]));
    renderApp('/profile/bob/followers', { i18n: await inLanguage('de') });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mitglieder, die Bob Viewer folgen' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('1 Person')).toBeInTheDocument();
    expect(screen.getByText('@carol · 7 Follower')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Carol folgen' })).toHaveTextContent('Folgen');
    expect(screen.getByRole('link', { name: 'Zurück zum Profil' })).toBeInTheDocument();
    expect(document.title).toBe('Follower von Bob Viewer · Series Tracker');
  });

  it('counts people with Arabic plural forms, right to left', async () => {
    mockFetch(followersOfBob([person(3, 'Carol', 2), person(4, 'Dan', 1), person(5, 'Eve', 0)]));
    renderApp('/profile/bob/followers', { i18n: await inLanguage('ar') });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'الأشخاص الذين يتابعون Bob Viewer' }),
    ).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
    // Three to ten take a plural of their own; one and two are words, not numbers.
    expect(await screen.findByText(/^\S+ أشخاص$/)).toBeInTheDocument();
    expect(screen.getByText('@carol · متابِعان')).toBeInTheDocument();
    expect(screen.getByText('@dan · متابِع واحد')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'متابعة Carol' })).toBeInTheDocument();
  });

  it('shows a profile in Arabic: counters, joined month, tabs and a section that failed', async () => {
    mockFetch((call) =>
      call.url === '/api/users/username/bob'
        ? jsonResponse(200, { user: bob })
        : jsonResponse(503, { error: 'Busy', code: 'X' }),
    );
    renderApp('/profile/bob', { i18n: await inLanguage('ar') });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bob Viewer' }),
    ).toBeInTheDocument();
    expect(screen.getByText('المتابِعون')).toBeInTheDocument();
    expect(screen.getByText(/^انضم في .*مارس/)).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'نظرة عامة',
      'النشاط',
      'السجل',
      'المفضلة',
      'القوائم',
      'المراجعات',
    ]);
    expect(
      await screen.findByRole('heading', { name: 'تعذّر تحميل الإحصاءات' }),
    ).toBeInTheDocument();
  });

  it('compares viewers in French, with French plurals and typography', async () => {
    const result: CompareUsers = {
      users: [1, 2].map((id) => ({
        id,
        username: `u${id}`,
        displayName: `Viewer ${id}`,
        avatarUrl: null,
        showsCount: 3,
        episodesWatched: 20,
        hoursWatched: 15,
        averageScore: 7.5,
        topGenres: ['Drama', 'Comedy'],
      })),
      showsInCommon: [{ id: 7, title: 'Severance', coverImageUrl: null, scores: [9, null] }],
      showsInCommonCount: 1,
      ratingAgreement: 78,
      ratedInCommon: 2,
      sharedGenres: ['Drama'],
    };
    mockFetch(
      signedInHandler((call) =>
        call.url === '/api/stats/compare-users'
          ? jsonResponse(200, result)
          : jsonResponse(404, { error: 'x', code: 'NOT_FOUND' }),
      ),
    );
    renderApp('/compare?users=u1,u2', { i18n: await inLanguage('fr') });
    expect(await screen.findByText('sur 2 séries notées par vous tous')).toBeInTheDocument();
    expect(screen.getByText('78 %')).toBeInTheDocument();
    expect(screen.getAllByText('7,5')).toHaveLength(2);
    expect(screen.getByText('9/10')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Séries en commun' })).toBeInTheDocument();
  });
});
