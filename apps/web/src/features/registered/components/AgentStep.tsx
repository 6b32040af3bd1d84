import { Autocomplete, Grid, TextInput } from '@mantine/core';
import { type AgentSuggestion, DEBOUNCE_AGENT_LOOKUP_MS } from '@portico/shared';
import { registeredApi } from '../api';
import type { ListingFormState } from '../hooks/useListingForm';
import { useTypeahead } from '../hooks/useTypeahead';

const passAll = ({ options }: { options: unknown }) => options as never;
const optionsOf = (agents: AgentSuggestion[]) =>
  agents.map((a) => ({
    value: a.memberMlsId,
    label: `${a.memberMlsId} · ${a.memberFullName}${a.officeMlsId ? ` (${a.officeMlsId})` : ''}`,
  }));

function AgentInput({ state, name }: { state: ListingFormState; name: 'listAgentMlsId' | 'coListAgentMlsId' }) {
  const props = state.field(name);
  const search = name === 'listAgentMlsId' ? registeredApi.listAgents : registeredApi.agents;
  const agents = useTypeahead(name, props.value, DEBOUNCE_AGENT_LOOKUP_MS, 1, search);
  const options = optionsOf(agents.options);
  // Picking an option puts its label in the input; the form keeps the MLS id.
  const toMlsId = (text: string) => options.find((o) => o.label === text)?.value ?? text;
  return (
    <Autocomplete
      {...props}
      required={name === 'listAgentMlsId'}
      onChange={(v) => state.setField(name, toMlsId(v))}
      onOptionSubmit={(v) => state.setField(name, v)}
      data={options}
      filter={passAll}
    />
  );
}

/** Step 3: list and co-list agent (type-ahead, 300 ms), team keys and the offers e-mail. */
export function AgentStep({ state }: { state: ListingFormState }) {
  return (
    <Grid>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <AgentInput state={state} name="listAgentMlsId" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <AgentInput state={state} name="coListAgentMlsId" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput {...state.field('listTeamKey')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput {...state.field('coListTeamKey')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput {...state.field('offersEmail')} type="email" />
      </Grid.Col>
    </Grid>
  );
}
