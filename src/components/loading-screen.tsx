import { Center, Loader } from '@mantine/core';
import { useTranslation } from '../lib/i18n';

export function LoadingScreen({ fullHeight = false }: { fullHeight?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Center mih={fullHeight ? '100vh' : 240}>
      <Loader aria-label={t('loading')} />
    </Center>
  );
}
