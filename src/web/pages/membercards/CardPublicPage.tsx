import { Alert, Container, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../api/errors';
import { usePublicCard } from '../../api/membercards';
import { ErrorBanner } from '../../components/ErrorBanner';
import { MemberCardView } from '../../components/MemberCardView';
import { PageLoader } from '../../components/PageLoader';
import { useDocumentTitle } from '../../components/useDocumentTitle';

// The member's card on their phone (public: the link is the key). The QR code carries the
// signed claim that /c/verify checks; a banner says when the card is expired or replaced.

/** An SVG document as an image address (the QR code's SVG is ASCII, but stay safe for any text). */
export const svgDataUrl = (svg: string): string => `data:image/svg+xml;base64,${btoa(String.fromCharCode(...new TextEncoder().encode(svg)))}`;

/** `/c/{token}` (public) */
export function CardPublicPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const card = usePublicCard(token);
  const data = card.data;
  useDocumentTitle(data ? t('membercards.public_title', { association: data.face.association }) : t('membercards.public_title_plain'));

  let content;
  if (card.isError && !data) {
    content =
      isApiError(card.error) && card.error.status === 404 ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />} data-testid="card-not-found">
          <Text fw={700}>{t('membercards.public_not_found')}</Text>
          <Text size="sm">{t('membercards.public_not_found_help')}</Text>
        </Alert>
      ) : (
        <ErrorBanner error={card.error} onRetry={() => void card.refetch()} />
      );
  } else if (!data) content = <PageLoader minHeight={240} />;
  else
    content = (
      <Stack gap="md">
        {data.status !== 'valid' ? (
          <Alert color="red" variant="filled" role="alert" icon={<IconAlertTriangle aria-hidden />} data-testid="card-banner">
            <Text fw={700}>{data.status === 'expired' ? t('membercards.public_expired') : t('membercards.public_replaced')}</Text>
            <Text size="sm">{data.status === 'expired' ? t('membercards.public_expired_help') : t('membercards.public_replaced_help')}</Text>
          </Alert>
        ) : null}
        <MemberCardView
          face={data.face}
          live
          label={t('membercards.card_label', { association: data.face.association })}
          validLabel={(date) => t('membercards.valid_label', { date })}
          qr={<img alt="QR-koodi jäsenkortin tarkistukseen" src={svgDataUrl(data.qr_svg)} data-testid="card-qr" style={{ width: '100%', height: 'auto', display: 'block' }} />}
        />
        <Text size="sm">{t('membercards.public_help')}</Text>
      </Stack>
    );

  return (
    <Container component="main" size={460} px="sm" py="md">
      <Title order={1} size="h3" mb="sm">
        {t('membercards.public_heading')}
      </Title>
      {content}
    </Container>
  );
}
