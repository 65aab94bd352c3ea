import { Heading, Text } from '@adobe/react-spectrum';
import { type ReactNode, useState } from 'react';
import { LOGO_URL, useVereinsName } from '../api/common';
import { usePageTitle } from '../app/usePageTitle';
import './PublicPage.css';

export interface PublicPageProps {
  title: string;
  children: ReactNode;
}

/** The frame of the pages without a session (login, password, 404): a centred card. */
export function PublicPage({ title, children }: PublicPageProps) {
  usePageTitle(title);
  const vereinsName = useVereinsName();
  // A club without a logo yet: no broken-image icon.
  const [logoFailed, setLogoFailed] = useState(false);
  return (
    <div className="kgv-public">
      <main className="kgv-public-card">
        {logoFailed ? null : (
          <img className="kgv-public-logo" src={LOGO_URL} alt="" onError={() => setLogoFailed(true)} />
        )}
        <Text UNSAFE_className="kgv-eyebrow">{vereinsName ?? 'Kleingartenverein'}</Text>
        <Heading level={1} marginTop="size-50">
          {title}
        </Heading>
        {children}
      </main>
    </div>
  );
}
