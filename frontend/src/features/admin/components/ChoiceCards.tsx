import { RadioCard, SimpleGrid, type SimpleGridProps } from '@chakra-ui/react';

/** One of the choices: its value, its name and a line that says what it does. */
export interface Choice<Value extends string | number> {
  value: Value;
  label: string;
  hint: string;
}

/** A choice of one among a few, each a card with its name and what it does (a form field named `name`). */
export function ChoiceCards<Value extends string | number>({
  name,
  label,
  choices,
  value,
  onChange,
  columns,
}: {
  name: string;
  label: string;
  choices: readonly Choice<Value>[];
  value: Value;
  onChange: (value: Value) => void;
  columns: SimpleGridProps['columns'];
}) {
  return (
    <RadioCard.Root
      name={name}
      colorPalette="blue"
      value={String(value)}
      onValueChange={(event) => {
        const chosen = choices.find((choice) => String(choice.value) === event.value);
        if (chosen) onChange(chosen.value);
      }}
    >
      <RadioCard.Label fontWeight="600" fontSize="sm">
        {label}
      </RadioCard.Label>
      <SimpleGrid columns={columns} gap="3">
        {choices.map((choice) => (
          <RadioCard.Item key={choice.value} value={String(choice.value)}>
            <RadioCard.ItemHiddenInput />
            <RadioCard.ItemControl>
              <RadioCard.ItemContent>
                <RadioCard.ItemText>{choice.label}</RadioCard.ItemText>
                <RadioCard.ItemDescription>{choice.hint}</RadioCard.ItemDescription>
              </RadioCard.ItemContent>
              <RadioCard.ItemIndicator />
            </RadioCard.ItemControl>
          </RadioCard.Item>
        ))}
      </SimpleGrid>
    </RadioCard.Root>
  );
}
