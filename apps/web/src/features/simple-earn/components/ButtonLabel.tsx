import { Text } from '@mantine/core';

/** Two buttons share a 375 px row in the result dialog: a smaller label keeps each whole. */
export function ButtonLabel({ text, small }: { text: string; small: boolean }) {
  return small ? (
    <Text span fz="sm" fw={600}>
      {text}
    </Text>
  ) : (
    text
  );
}
