import type { CurrentUser } from '@series-tracker/contracts';
import { Menu, Search, X, type LucideIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type Ref } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { SearchBox } from '@/features/search/components/search-box';
import { cn } from '@/lib/cn';
import { accountMenuLabel, accountTriggerClass, AccountTriggerFace } from './account-trigger';
import { BrandMark, BrandName } from './brand';
import { getNavItems, isCurrent, type NavItem } from './nav-items';

// The menu's primitives are a third of the header's weight and only signed-in people
// need them, so they load on demand.
const loadUserMenu = () => import('./user-menu');
const UserMenu = lazy(() => loadUserMenu().then((module) => ({ default: module.UserMenu })));

const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400';

export function Header() {
  const intl = useIntl();
  const { status, user, retry, checking } = useAuth();
  const location = useLocation();
  const navItems = getNavItems(status === 'authenticated');
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  // The mobile menu belongs to the page it was opened on: any navigation closes it.
  const [menuOpenedOn, setMenuOpenedOn] = useState<string | null>(null);
  const menuOpen = menuOpenedOn === location.key;

  function closeMenu() {
    setMenuOpenedOn(null);
  }

  // Below lg the search box opens as a row under the header from a search button.
  const [searchOpenedOn, setSearchOpenedOn] = useState<string | null>(null);
  const searchOpen = searchOpenedOn === location.key;

  useEffect(() => {
    if (!menuOpen) return;
    function onKeyDown(event: globalThis.KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setMenuOpenedOn(null);
      menuButtonRef.current?.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const mainLabel = intl.formatMessage({
    id: 'app.mainNavigation',
    defaultMessage: 'Main',
    description: 'The name of the site’s main navigation, for screen readers',
  });
  const loading = <FormattedMessage id="app.loadingShort" defaultMessage="Loading..." />;
  const signIn = <FormattedMessage id="app.signIn" defaultMessage="Sign In" />;
  const signUp = <FormattedMessage id="app.signUp" defaultMessage="Sign Up" />;

  return (
    <header className="sticky top-0 z-40 border-b border-slate-800/80 bg-slate-950/85 backdrop-blur supports-[backdrop-filter]:bg-slate-950/70">
      {/* Tighter on phones: the signed-out row (brand, search, Sign In, menu) fits in 360 px. */}
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-4 sm:gap-6 sm:px-6">
        <Link
          to="/"
          className={cn(
            '-m-1 flex shrink-0 items-center gap-2 rounded-lg p-1 text-base sm:gap-2.5 sm:text-lg',
            focusRing,
          )}
        >
          <BrandMark />
          <BrandName />
        </Link>

        <nav aria-label={mainLabel} className="hidden sm:block">
          <NavLinks
            items={navItems}
            pathname={location.pathname}
            listClass="flex items-center gap-1"
            linkClass="rounded-md px-3 py-2 text-sm font-medium transition-colors"
            currentClass="bg-slate-800/80 text-white"
            idleClass="text-slate-300 hover:bg-slate-800/60 hover:text-white"
          />
        </nav>

        <SearchBox clearOnPick className="ms-auto hidden w-full max-w-xs lg:block" />

        <div className="ms-auto flex items-center gap-1 sm:gap-2 lg:ms-0">
          <ToggleButton
            label={intl.formatMessage({ id: 'app.search', defaultMessage: 'Search' })}
            controls="mobile-search"
            open={searchOpen}
            Icon={Search}
            className="lg:hidden"
            onClick={() => {
              closeMenu();
              setSearchOpenedOn(searchOpen ? null : location.key);
            }}
          />
          {status === 'loading' ? (
            // As tall as the account button that replaces it, so the header does not shift.
            <span
              className="inline-flex min-h-10 items-center text-sm text-slate-400"
              aria-live="polite"
            >
              {loading}
            </span>
          ) : status === 'unavailable' ? (
            // Signed in as far as this device knows, but the server could not confirm it.
            <button
              type="button"
              onClick={retry}
              disabled={checking}
              aria-label={intl.formatMessage({
                id: 'app.retrySignIn',
                defaultMessage: 'Retry sign-in',
              })}
              title={intl.formatMessage({
                id: 'app.signInCheckFailed',
                defaultMessage: 'Could not check your sign-in',
              })}
              className={buttonStyles({ variant: 'ghost', size: 'sm' })}
            >
              {checking ? (
                loading
              ) : (
                // The part in <wide> is hidden on phones.
                <FormattedMessage
                  id="app.retrySignInButton"
                  defaultMessage={'Retry<wide>\u00a0sign-in</wide>'}
                  values={{ wide: (chunks) => <span className="max-sm:hidden">{chunks}</span> }}
                />
              )}
            </button>
          ) : status === 'authenticated' && user ? (
            <>
              <NotificationBell />
              <AccountMenu
                user={user}
                // The account menu and the mobile search row never open over each other.
                onOpen={() => setSearchOpenedOn(null)}
              />
            </>
          ) : (
            <>
              <Link
                to="/login"
                className={buttonStyles({
                  variant: 'ghost',
                  size: 'sm',
                  // A longer "Sign In" (Iniciar sesión, تسجيل الدخول) takes two short lines on a
                  // phone rather than pushing the menu button off the screen (issue 31).
                  className: 'max-sm:max-w-24 max-sm:px-2 max-sm:py-1 max-sm:leading-tight',
                })}
              >
                {signIn}
              </Link>
              <Link
                to="/register"
                className={buttonStyles({ size: 'sm', className: 'max-sm:hidden' })}
              >
                {signUp}
              </Link>
            </>
          )}

          <ToggleButton
            ref={menuButtonRef}
            label={intl.formatMessage({ id: 'app.menu', defaultMessage: 'Menu' })}
            controls="mobile-menu"
            open={menuOpen}
            Icon={Menu}
            className="sm:hidden"
            onClick={() => {
              setSearchOpenedOn(null);
              if (menuOpen) closeMenu();
              else setMenuOpenedOn(location.key);
            }}
          />
        </div>
      </div>

      {searchOpen ? (
        <div
          id="mobile-search"
          className="border-t border-slate-800 bg-slate-950 px-4 py-3 sm:px-6 lg:hidden"
        >
          <SearchBox
            clearOnPick
            focusOnMount
            onDone={() => setSearchOpenedOn(null)}
            className="mx-auto max-w-2xl"
          />
        </div>
      ) : null}

      {menuOpen ? (
        <div
          id="mobile-menu"
          className="border-t border-slate-800 bg-slate-950 px-4 pt-2 pb-4 sm:hidden"
        >
          <nav aria-label={mainLabel}>
            <NavLinks
              items={navItems}
              pathname={location.pathname}
              onNavigate={closeMenu}
              listClass="space-y-1"
              linkClass="block rounded-lg px-3 py-2.5 text-base font-medium"
              currentClass="bg-slate-800 text-white"
              idleClass="text-slate-300 hover:bg-slate-800/70 hover:text-white"
            />
          </nav>
          {status === 'anonymous' ? (
            <div className="mt-3 grid grid-cols-2 gap-2 border-t border-slate-800 pt-4">
              <Link
                to="/login"
                onClick={() => closeMenu()}
                className={buttonStyles({ variant: 'secondary' })}
              >
                {signIn}
              </Link>
              <Link to="/register" onClick={() => closeMenu()} className={buttonStyles()}>
                {signUp}
              </Link>
            </div>
          ) : null}
        </div>
      ) : null}
    </header>
  );
}

/** The site's main links; the one for the current page says so (aria-current). */
function NavLinks({
  items,
  pathname,
  onNavigate,
  listClass,
  linkClass,
  currentClass,
  idleClass,
}: {
  items: NavItem[];
  pathname: string;
  onNavigate?: () => void;
  listClass: string;
  linkClass: string;
  currentClass: string;
  idleClass: string;
}) {
  const intl = useIntl();
  return (
    <ul className={listClass}>
      {items.map((item) => {
        const current = isCurrent(item, pathname);
        return (
          <li key={item.to}>
            <Link
              to={item.to}
              aria-current={current ? 'page' : undefined}
              onClick={onNavigate}
              className={cn(linkClass, focusRing, current ? currentClass : idleClass)}
            >
              {intl.formatMessage(item.label)}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** A 40 px icon button that opens a row under the header and shows a cross while it is open. */
function ToggleButton({
  ref,
  label,
  controls,
  open,
  Icon,
  className,
  onClick,
}: {
  ref?: Ref<HTMLButtonElement>;
  label: string;
  controls: string;
  open: boolean;
  Icon: LucideIcon;
  className: string;
  onClick: () => void;
}) {
  return (
    <button
      ref={ref}
      type="button"
      className={cn(
        // 36 px on a phone, 40 px from sm: room for a longer "Sign In" (Anmelden) in 360 px.
        'inline-flex size-9 items-center justify-center rounded-lg text-slate-300 hover:bg-slate-800 hover:text-white sm:size-10',
        className,
        focusRing,
      )}
      aria-label={label}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onClick}
    >
      {open ? <X aria-hidden className="size-5" /> : <Icon aria-hidden className="size-5" />}
    </button>
  );
}

/**
 * The account menu's trigger, with the menu's code (Radix dropdown, ~27 kB compressed) loaded
 * on intent rather than with every signed-in page (ADR 020): pointing at or focusing the button
 * fetches it, and the first press mounts the real menu open (the real trigger takes this
 * button's place and keeps it from then on). Looks and is named like the real trigger.
 */
function AccountMenu({ user, onOpen }: { user: CurrentUser; onOpen: () => void }) {
  const [pressed, setPressed] = useState(false);
  const load = () => void loadUserMenu();
  const placeholder = (
    <button
      type="button"
      aria-label={accountMenuLabel(user)}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={load}
      onFocus={load}
      onClick={() => {
        onOpen();
        setPressed(true);
      }}
      className={accountTriggerClass}
    >
      <AccountTriggerFace user={user} />
    </button>
  );
  if (!pressed) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <UserMenu user={user} defaultOpen onOpenChange={(open) => open && onOpen()} />
    </Suspense>
  );
}
