import { Button, Container, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCamera, IconCircleCheck, IconCircleX, IconClockExclamation } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkClaim, type ClaimCheck } from '../../../shared/membercard/claim';
import { formatFinnishDate } from '../../../shared/finnish/date';
import { useMembercardKey } from '../../api/membercards';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useDocumentTitle } from '../../components/useDocumentTitle';

// The door check (public): a phone's camera opens this page from a card's QR code with the
// signed claim after '#', so the claim never reaches a server. The association's public key is
// fetched once and kept on the device; after that a check needs no network.

const helsinkiToday = (): string => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
/** The claim after '#'; a hash that is not valid percent-encoding is checked as it is (and found malformed). */
function fromHash(): string {
  const raw = window.location.hash.replace(/^#/, '');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (opts: { formats: string[] }) => Detector;

/** `/c/verify` (public) */
export function CardVerifyPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('membercards.verify_title'));
  const key = useMembercardKey();
  const [text, setText] = useState(fromHash);
  const [checked, setChecked] = useState(fromHash);
  const [scanning, setScanning] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const Detector = (window as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;

  useEffect(() => {
    const onHash = () => {
      setText(fromHash());
      setChecked(fromHash());
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  useEffect(() => {
    if (!scanning || !Detector) return;
    let stream: MediaStream | null = null;
    let stop = false;
    const detector = new Detector({ formats: ['qr_code'] });
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        if (!video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        while (!stop) {
          const found = await detector.detect(video.current).catch(() => []);
          if (found[0]) {
            setText(found[0].rawValue);
            setChecked(found[0].rawValue);
            setScanning(false);
            return;
          }
          await new Promise((r) => setTimeout(r, 250));
        }
      } catch {
        setScanning(false);
      }
    })();
    return () => {
      stop = true;
      stream?.getTracks().forEach((tr) => tr.stop());
    };
  }, [scanning, Detector]);

  const result: ClaimCheck | null = checked.trim() !== '' && key.data ? checkClaim(checked, key.data, helsinkiToday()) : null;

  return (
    <Container component="main" size={520} px="sm" py="md">
      <Title order={1} mb="md">
        {t('membercards.verify_title')}
      </Title>
      <Stack gap="md">
        {key.isError && !key.data ? <ErrorBanner error={key.error} onRetry={() => void key.refetch()} /> : null}
        <div role="status" aria-live="polite" data-testid="verify-result">
          {result ? <Result result={result} /> : null}
        </div>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setChecked(text);
          }}
        >
          <Stack gap="sm">
            <TextInput label={t('membercards.verify_input')} description={t('membercards.verify_input_help')} value={text} onChange={(e) => setText(e.currentTarget.value)} data-testid="verify-input" />
            <Group>
              <Button type="submit">{t('membercards.verify_check')}</Button>
              {Detector ? (
                <Button variant="light" leftSection={<IconCamera size={18} aria-hidden />} onClick={() => setScanning((s) => !s)}>
                  {scanning ? t('membercards.verify_scan_stop') : t('membercards.verify_scan')}
                </Button>
              ) : null}
            </Group>
          </Stack>
        </form>
        {scanning ? <video ref={video} muted playsInline style={{ width: '100%', borderRadius: 8 }} aria-label={t('membercards.verify_camera')} /> : null}
        {key.data ? (
          <Text size="sm" data-testid="verify-key">
            {t('membercards.verify_key', { association: key.data.association })}
          </Text>
        ) : null}
      </Stack>
    </Container>
  );
}

function Result({ result }: { result: ClaimCheck }) {
  const { t } = useTranslation();
  const valid = result.ok && !result.expired;
  const color = valid ? 'green' : result.ok ? 'orange' : 'red';
  const Icon = valid ? IconCircleCheck : result.ok ? IconClockExclamation : IconCircleX;
  const claim = result.claim;
  return (
    <Paper withBorder p="lg" bg={`${color}.0`} style={{ borderColor: `var(--mantine-color-${color}-8)`, borderWidth: 3 }}>
      <Group gap="sm" mb="xs">
        <Icon size={48} color={`var(--mantine-color-${color}-9)`} aria-hidden />
        <Text fw={800} fz={40} c={`${color}.9`} data-testid="verify-verdict">
          {valid ? t('membercards.verify_valid') : result.ok ? t('membercards.verify_expired') : t('membercards.verify_invalid')}
        </Text>
      </Group>
      {!result.ok ? <Text c="dark">{t(`membercards.verify_reason_${result.reason}`)}</Text> : null}
      {result.ok && claim ? (
        <Stack gap={2} c="dark">
          <Text fz="xl" fw={700} data-testid="verify-name">
            {claim.nm}
          </Text>
          <Text>{t('membercards.verify_number', { number: claim.n })}</Text>
          <Text>{claim.a}</Text>
          <Text>{t('membercards.valid_label', { date: formatFinnishDate(claim.v) })}</Text>
        </Stack>
      ) : null}
    </Paper>
  );
}
