import type { RouteObject } from 'react-router';
import { lazyScreen } from './lazy-screen';
import { RootLayout } from './layout/root-layout';
import { NotFoundRoute } from './routes/not-found';

/*
 * Route screens load on demand so the first load carries only the shell (header, search
 * box, auth) — and zod only arrives with the forms that need it. React Router starts
 * navigations in a transition, so the current page stays up while the next one loads.
 */
const HomeRoute = lazyScreen(() => import('./routes/home'), 'HomeRoute');
const LoginRoute = lazyScreen(() => import('./routes/login'), 'LoginRoute');
const RegisterRoute = lazyScreen(() => import('./routes/register'), 'RegisterRoute');
const SearchRoute = lazyScreen(() => import('./routes/search'), 'SearchRoute');
const ShowRoute = lazyScreen(() => import('./routes/show'), 'ShowRoute');
const EpisodeRoute = lazyScreen(() => import('./routes/episode'), 'EpisodeRoute');
const WatchlistRoute = lazyScreen(() => import('./routes/watchlist'), 'WatchlistRoute');
// Plays (issue 19): the member's diary.
const HistoryRoute = lazyScreen(() => import('./routes/history'), 'HistoryRoute');
const TodayRoute = lazyScreen(() => import('./routes/today'), 'TodayRoute');
const AboutRoute = lazyScreen(() => import('./routes/info-pages'), 'AboutRoute');
const PrivacyRoute = lazyScreen(() => import('./routes/info-pages'), 'PrivacyRoute');
const TermsRoute = lazyScreen(() => import('./routes/info-pages'), 'TermsRoute');
const HelpRoute = lazyScreen(() => import('./routes/info-pages'), 'HelpRoute');
// Reviews (issue 9)
const ReviewsRoute = lazyScreen(() => import('./routes/reviews'), 'ReviewsRoute');
const ReviewRoute = lazyScreen(() => import('./routes/review'), 'ReviewRoute');
const WriteReviewRoute = lazyScreen(() => import('./routes/write-review'), 'WriteReviewRoute');
// Lists (issue 10)
const ListsRoute = lazyScreen(() => import('./routes/lists'), 'ListsRoute');
const ListRoute = lazyScreen(() => import('./routes/list'), 'ListRoute');
const CreateListRoute = lazyScreen(() => import('./routes/create-list'), 'CreateListRoute');
// Account (issue 12): settings, password reset, email confirmation.
const SettingsRoute = lazyScreen(() => import('./routes/settings'), 'SettingsRoute');
const ForgotPasswordRoute = lazyScreen(
  () => import('./routes/password-reset'),
  'ForgotPasswordRoute',
);
const ResetPasswordRoute = lazyScreen(
  () => import('./routes/password-reset'),
  'ResetPasswordRoute',
);
const VerifyEmailRoute = lazyScreen(() => import('./routes/password-reset'), 'VerifyEmailRoute');
const UndoEmailChangeRoute = lazyScreen(
  () => import('./routes/undo-email-change'),
  'UndoEmailChangeRoute',
);
// The link mailed on registering creates the account (ADR 152).
// Single sign-on's last step (ADR 174): the callback's one-time code becomes a session.
const SsoCallbackRoute = lazyScreen(() => import('./routes/sso-callback'), 'SsoCallbackRoute');
const FinishRegistrationRoute = lazyScreen(
  () => import('./routes/finish-registration'),
  'FinishRegistrationRoute',
);
// imports: Import & export (its section joins /settings when that screen lands).
// Apps & devices (issue 22): media-server webhooks and personal API tokens.
const AppsDevicesRoute = lazyScreen(() => import('./routes/apps-devices'), 'AppsDevicesRoute');
// Apps speaking the Trakt API sign in here (issue 27, ADR 170).
const ActivateRoute = lazyScreen(() => import('./routes/trakt-oauth-pages'), 'ActivateRoute');
const OAuthAuthorizeRoute = lazyScreen(
  () => import('./routes/trakt-oauth-pages'),
  'OAuthAuthorizeRoute',
);
const ImportExportRoute = lazyScreen(() => import('./routes/import-export'), 'ImportExportRoute');
// Calendar, notifications, alert unsubscribe (issue 22, ADR 160)
const CalendarRoute = lazyScreen(() => import('./routes/calendar'), 'CalendarRoute');
const NotificationsRoute = lazyScreen(() => import('./routes/notifications'), 'NotificationsRoute');
const UnsubscribeRoute = lazyScreen(() => import('./routes/unsubscribe'), 'UnsubscribeRoute');
// Recommendations for you (issue 29, ADR 183)
const RecommendationsRoute = lazyScreen(
  () => import('./routes/recommendations'),
  'RecommendationsRoute',
);
// Moderation (issue 21)
const ModerationRoute = lazyScreen(() => import('./routes/moderation'), 'ModerationRoute');
// People (issue 11)
const ProfileRoute = lazyScreen(() => import('./routes/profile'), 'ProfileRoute');
const FollowersRoute = lazyScreen(() => import('./routes/profile-people'), 'FollowersRoute');
const FollowingRoute = lazyScreen(() => import('./routes/profile-people'), 'FollowingRoute');
const CompareRoute = lazyScreen(() => import('./routes/compare'), 'CompareRoute');
// Year in review (issue 29): the member's own and a member's shareable page.
const MyYearRoute = lazyScreen(() => import('./routes/year-review'), 'MyYearRoute');
const MemberYearRoute = lazyScreen(() => import('./routes/year-review'), 'MemberYearRoute');
const ActivityFeedRoute = lazyScreen(() => import('./routes/activity-feed'), 'ActivityFeedRoute');

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
