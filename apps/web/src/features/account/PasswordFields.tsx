import { List, PasswordInput, Progress, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { PASSWORD_RULES, passwordStrength } from '@portico/shared';
import { IconCheck, IconX } from '@tabler/icons-react';

export interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

/** New password with the five-rule strength meter, and its confirmation (pasting into it is blocked). */
export function NewPasswordFields<T extends NewPasswordValues>({ form }: { form: UseFormReturnType<T> }) {
  const value = form.getValues().newPassword;
  const strength = passwordStrength(value);
  return (
    <Stack gap="sm">
      <PasswordInput label="New Password" autoComplete="new-password" withAsterisk {...form.getInputProps('newPassword')} />
      <Progress
        value={(strength / PASSWORD_RULES.length) * 100}
        color={strength >= 5 ? 'teal' : strength >= 3 ? 'yellow' : 'red'}
        size="sm"
        aria-label={`Password strength: ${strength} of ${PASSWORD_RULES.length} rules met`}
      />
      <List size="sm" spacing={2} center>
        {PASSWORD_RULES.map((rule) => {
          const met = rule.test(value);
          return (
            <List.Item
              key={rule.id}
              icon={
                met ? (
                  <IconCheck size={14} color="var(--mantine-color-teal-8)" aria-label="met" />
                ) : (
                  <IconX size={14} color="var(--mantine-color-red-8)" aria-label="not met" />
                )
              }
            >
              <Text size="sm">{rule.message}</Text>
            </List.Item>
          );
        })}
      </List>
      <Text size="xs" c="dimmed">
        Your new password must not be one you used recently.
      </Text>
      <PasswordInput
        label="Confirm New Password"
        autoComplete="new-password"
        withAsterisk
        onPaste={(event) => event.preventDefault()}
        {...form.getInputProps('confirmPassword')}
      />
    </Stack>
  );
}
