import { Button, Flex, ProgressCircle } from '@adobe/react-spectrum';
import { Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { describeError } from '../api/errors';
import { MessageBanner } from '../components/MessageBanner';
import { PlaceholderScreen } from '../components/PlaceholderScreen';
import { ErrorBoundary } from './ErrorBoundary';
import { type AppRoute, SHELL_ROUTES } from './routes';
import { usePageTitle } from './usePageTitle';

interface RightsState {
  rights: ReadonlySet<string> | undefined;
  rightsError: unknown;
  onRetryRights: () => void;
}

function ScreenLoading() {
  return (
    <Flex justifyContent="center" marginTop="size-600">
      <ProgressCircle aria-label="Seite wird geladen …" isIndeterminate />
    </Flex>
  );
}

function NoAccess({ route }: { route: AppRoute }) {
  usePageTitle(route.title);
  return (
    <MessageBanner
      level="warning"
      title={route.title}
      message="Für diese Seite fehlt Ihnen die Berechtigung. Bitte wenden Sie sich an die Vereinsverwaltung."
    />
  );
}

function RouteScreen({ route, rights, rightsError, onRetryRights }: { route: AppRoute } & RightsState) {
  if (route.rights) {
    if (!rights && rightsError) {
      return (
        <Flex direction="column" gap="size-200">
          <MessageBanner
            level="danger"
            title="Die Berechtigungen konnten nicht geladen werden."
            message={describeError(rightsError)}
          />
          <Button variant="accent" alignSelf="start" onPress={onRetryRights}>
            Erneut versuchen
          </Button>
        </Flex>
      );
    }
    if (!rights) return <ScreenLoading />;
    // The menu hides such links; this catches typed or bookmarked URLs.
    if (!route.rights.some((right) => rights.has(right))) return <NoAccess route={route} />;
  }
  const Screen = route.screen;
  return Screen ? <Screen /> : <PlaceholderScreen title={route.title} group={route.group} />;
}

/** The screen of the current signed-in route; a failing screen leaves the frame standing. */
export function ShellRoutes(props: RightsState) {
  return (
    <Switch>
      {SHELL_ROUTES.map((route) => (
        <Route key={route.path} path={route.path}>
          <ErrorBoundary key={route.path}>
            <Suspense fallback={<ScreenLoading />}>
              <RouteScreen route={route} {...props} />
            </Suspense>
          </ErrorBoundary>
        </Route>
      ))}
      <Route>
        <Redirect to="/404" replace />
      </Route>
    </Switch>
  );
}
