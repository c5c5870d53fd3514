import { Center, Loader } from '@mantine/core';

export function LoadingScreen({ fullHeight = false }: { fullHeight?: boolean }) {
  return (
    <Center mih={fullHeight ? '100vh' : 240}>
      <Loader aria-label="Loading" />
    </Center>
  );
}
