import {
  Content,
  Disclosure,
  DisclosurePanel,
  DisclosureTitle,
  Heading,
  InlineAlert,
  type SpectrumInlineAlertProps,
} from '@adobe/react-spectrum';
import type { ReactNode } from 'react';

/** Spec §3 message levels. */
export type MessageLevel = 'info' | 'danger' | 'success' | 'warning' | 'dark';

const VARIANT: Readonly<Record<MessageLevel, NonNullable<SpectrumInlineAlertProps['variant']>>> = {
  info: 'info',
  danger: 'negative',
  success: 'positive',
  warning: 'notice',
  dark: 'neutral',
};

/** InlineAlert lays out a heading beside its icon; without one the icon floats in an empty row. */
const DEFAULT_TITLE: Readonly<Record<MessageLevel, string>> = {
  info: 'Hinweis',
  danger: 'Fehler',
  success: 'Erledigt',
  warning: 'Achtung',
  dark: 'Mitteilung',
};

export interface MessageBannerProps {
  level: MessageLevel;
  message: ReactNode;
  /** Bold first line; defaults to a word for the level ("Fehler", "Hinweis", …). */
  title?: string;
  /** Shown collapsed under "Details anzeigen". */
  details?: ReactNode;
  /** Moves focus to the banner, e.g. after a failed submit. */
  autoFocus?: boolean;
}

/** A message banner (spec §1): a level, the message text and optional expandable details. */
export function MessageBanner({ level, message, title, details, autoFocus }: MessageBannerProps) {
  return (
    <InlineAlert variant={VARIANT[level]} autoFocus={autoFocus ?? false} width="100%">
      <Heading>{title ?? DEFAULT_TITLE[level]}</Heading>
      <Content>
        <div className="kgv-banner-message">{message}</div>
        {details ? (
          <Disclosure isQuiet marginTop="size-100">
            <DisclosureTitle level={3}>Details anzeigen</DisclosureTitle>
            <DisclosurePanel>
              <div className="kgv-banner-details">{details}</div>
            </DisclosurePanel>
          </Disclosure>
        ) : null}
      </Content>
    </InlineAlert>
  );
}
