import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { RootLayout } from './layout/root-layout';
import { NotFoundRoute } from './routes/not-found';

/*
 * Route screens load on demand so the first load carries only the shell (header, search
 * box, auth) — and zod only arrives with the forms that need it. React Router starts
 * navigations in a transition, so the current page stays up while the next one loads.
 */
const HomeRoute = lazy(() => import('./routes/home').then((m) => ({ default: m.HomeRoute })));
const LoginRoute = lazy(() => import('./routes/login').then((m) => ({ default: m.LoginRoute })));
const RegisterRoute = lazy(() =>
  import('./routes/register').then((m) => ({ default: m.RegisterRoute })),
);
const SearchRoute = lazy(() => import('./routes/search').then((m) => ({ default: m.SearchRoute })));
const ShowRoute = lazy(() => import('./routes/show').then((m) => ({ default: m.ShowRoute })));
const EpisodeRoute = lazy(() =>
  import('./routes/episode').then((m) => ({ default: m.EpisodeRoute })),
);
const WatchlistRoute = lazy(() =>
  import('./routes/watchlist').then((m) => ({ default: m.WatchlistRoute })),
);
// Plays (issue 19): the member's diary.
const HistoryRoute = lazy(() =>
  import('./routes/history').then((m) => ({ default: m.HistoryRoute })),
);
const TodayRoute = lazy(() => import('./routes/today').then((m) => ({ default: m.TodayRoute })));
const AboutRoute = lazy(() =>
  import('./routes/info-pages').then((m) => ({ default: m.AboutRoute })),
);
const PrivacyRoute = lazy(() =>
  import('./routes/info-pages').then((m) => ({ default: m.PrivacyRoute })),
);
const TermsRoute = lazy(() =>
  import('./routes/info-pages').then((m) => ({ default: m.TermsRoute })),
);
const HelpRoute = lazy(() => import('./routes/info-pages').then((m) => ({ default: m.HelpRoute })));
// Reviews (issue 9)
const ReviewsRoute = lazy(() =>
  import('./routes/reviews').then((m) => ({ default: m.ReviewsRoute })),
);
const ReviewRoute = lazy(() => import('./routes/review').then((m) => ({ default: m.ReviewRoute })));
const WriteReviewRoute = lazy(() =>
  import('./routes/write-review').then((m) => ({ default: m.WriteReviewRoute })),
);
// Lists (issue 10)
const ListsRoute = lazy(() => import('./routes/lists').then((m) => ({ default: m.ListsRoute })));
const ListRoute = lazy(() => import('./routes/list').then((m) => ({ default: m.ListRoute })));
const CreateListRoute = lazy(() =>
  import('./routes/create-list').then((m) => ({ default: m.CreateListRoute })),
);
// Account (issue 12): settings, password reset, email confirmation.
const SettingsRoute = lazy(() =>
  import('./routes/settings').then((m) => ({ default: m.SettingsRoute })),
);
const ForgotPasswordRoute = lazy(() =>
  import('./routes/password-reset').then((m) => ({ default: m.ForgotPasswordRoute })),
);
const ResetPasswordRoute = lazy(() =>
  import('./routes/password-reset').then((m) => ({ default: m.ResetPasswordRoute })),
);
const VerifyEmailRoute = lazy(() =>
  import('./routes/password-reset').then((m) => ({ default: m.VerifyEmailRoute })),
);
const UndoEmailChangeRoute = lazy(() =>
  import('./routes/undo-email-change').then((m) => ({ default: m.UndoEmailChangeRoute })),
);
// The link mailed on registering creates the account (ADR 152).
// Single sign-on's last step (ADR 174): the callback's one-time code becomes a session.
const SsoCallbackRoute = lazy(() =>
  import('./routes/sso-callback').then((m) => ({ default: m.SsoCallbackRoute })),
);
const FinishRegistrationRoute = lazy(() =>
  import('./routes/finish-registration').then((m) => ({ default: m.FinishRegistrationRoute })),
);
// imports: Import & export (its section joins /settings when that screen lands).
// Apps & devices (issue 22): media-server webhooks and personal API tokens.
const AppsDevicesRoute = lazy(() =>
  import('./routes/apps-devices').then((m) => ({ default: m.AppsDevicesRoute })),
);
// Apps speaking the Trakt API sign in here (issue 27, ADR 170).
const ActivateRoute = lazy(() =>
  import('./routes/trakt-oauth-pages').then((m) => ({ default: m.ActivateRoute })),
);
const OAuthAuthorizeRoute = lazy(() =>
  import('./routes/trakt-oauth-pages').then((m) => ({ default: m.OAuthAuthorizeRoute })),
);
const ImportExportRoute = lazy(() =>
  import('./routes/import-export').then((m) => ({ default: m.ImportExportRoute })),
);
// Calendar, notifications, alert unsubscribe (issue 22, ADR 160)
const CalendarRoute = lazy(() =>
  import('./routes/calendar').then((m) => ({ default: m.CalendarRoute })),
);
const NotificationsRoute = lazy(() =>
  import('./routes/notifications').then((m) => ({ default: m.NotificationsRoute })),
);
const UnsubscribeRoute = lazy(() =>
  import('./routes/unsubscribe').then((m) => ({ default: m.UnsubscribeRoute })),
);
// Recommendations for you (issue 29, ADR 183)
const RecommendationsRoute = lazy(() =>
  import('./routes/recommendations').then((m) => ({ default: m.RecommendationsRoute })),
);
// Moderation (issue 21)
const ModerationRoute = lazy(() =>
  import('./routes/moderation').then((m) => ({ default: m.ModerationRoute })),
);
// People (issue 11)
const ProfileRoute = lazy(() =>
  import('./routes/profile').then((m) => ({ default: m.ProfileRoute })),
);
const FollowersRoute = lazy(() =>
  import('./routes/profile-people').then((m) => ({ default: m.FollowersRoute })),
);
const FollowingRoute = lazy(() =>
  import('./routes/profile-people').then((m) => ({ default: m.FollowingRoute })),
);
const CompareRoute = lazy(() =>
  import('./routes/compare').then((m) => ({ default: m.CompareRoute })),
);
// Year in review (issue 29): the member's own and a member's shareable page.
const MyYearRoute = lazy(() =>
  import('./routes/year-review').then((m) => ({ default: m.MyYearRoute })),
);
const MemberYearRoute = lazy(() =>
  import('./routes/year-review').then((m) => ({ default: m.MemberYearRoute })),
);
const ActivityFeedRoute = lazy(() =>
  import('./routes/activity-feed').then((m) => ({ default: m.ActivityFeedRoute })),
);

/**
 * Every path of the spec (§2), in one place. Screens that are not built yet render the
 * not-found page; swap in the real screen here when it lands.
 */
const screens: RouteObject[] = [
  { index: true, element: <HomeRoute /> },
  { path: 'login', element: <LoginRoute /> },
  { path: 'register', element: <RegisterRoute /> },
  { path: 'browse', element: <SearchRoute /> },
  { path: 'search', element: <SearchRoute /> },
  { path: 'reviews', element: <ReviewsRoute /> },
  { path: 'reviews/write', element: <WriteReviewRoute /> },
  { path: 'review/:id', element: <ReviewRoute /> },
  { path: 'watchlist', element: <WatchlistRoute /> },
  { path: 'history', element: <HistoryRoute /> },
  { path: 'lists', element: <ListsRoute /> },
  { path: 'lists/create', element: <CreateListRoute /> },
  { path: 'list/:id', element: <ListRoute /> },
  { path: 'show/:id', element: <ShowRoute /> },
  { path: 'episode/:id', element: <EpisodeRoute /> },
  { path: 'profile/:username', element: <ProfileRoute /> },
  { path: 'profile/:username/followers', element: <FollowersRoute /> },
  { path: 'profile/:username/following', element: <FollowingRoute /> },
  { path: 'profile/:username/year/:year', element: <MemberYearRoute /> },
  { path: 'year/:year', element: <MyYearRoute /> },
  { path: 'compare', element: <CompareRoute /> },
  { path: 'activity', element: <ActivityFeedRoute /> },
  { path: 'today', element: <TodayRoute /> },
  { path: 'calendar', element: <CalendarRoute /> },
  { path: 'notifications', element: <NotificationsRoute /> },
  { path: 'recommendations', element: <RecommendationsRoute /> },
  { path: 'unsubscribe', element: <UnsubscribeRoute /> },
  { path: 'settings', element: <SettingsRoute /> },
  { path: 'forgot-password', element: <ForgotPasswordRoute /> },
  { path: 'reset-password', element: <ResetPasswordRoute /> },
  { path: 'verify-email', element: <VerifyEmailRoute /> },
  { path: 'undo-email-change', element: <UndoEmailChangeRoute /> },
  { path: 'finish-registration', element: <FinishRegistrationRoute /> },
  { path: 'auth/sso', element: <SsoCallbackRoute /> },
  { path: 'settings/import', element: <ImportExportRoute /> },
  { path: 'settings/apps', element: <AppsDevicesRoute /> },
  { path: 'activate', element: <ActivateRoute /> },
  { path: 'oauth/authorize', element: <OAuthAuthorizeRoute /> },
  // Moderation (issue 21): moderators only; members get the not-found page.
  { path: 'moderation', element: <ModerationRoute /> },
  // Site pages linked from the footer.
  { path: 'about', element: <AboutRoute /> },
  { path: 'privacy', element: <PrivacyRoute /> },
  { path: 'terms', element: <TermsRoute /> },
  { path: 'help', element: <HelpRoute /> },
  { path: '*', element: <NotFoundRoute /> },
];

export const routes: RouteObject[] = [{ element: <RootLayout />, children: screens }];
