import { useQuery } from '@tanstack/react-query';
import { FormAlert } from '../../ui/Field.tsx';
import { associationQuery } from '../../lib/association.ts';
import { AssociationForm } from './AssociationForm.tsx';
import { ChangeLog } from './ChangeLog.tsx';
import { LogoField } from './LogoField.tsx';
import './association.css';

/**
 * The body of the admin screen's 'Association' panel: the profile that makes this copy of the product the
 * association's own (name, region, unit, classes, divisions, look), its logo and its changes. A chunk of its own,
 * loaded when the panel is first opened: it brings zod and the cropper, and most admin visits never open it.
 */
export default function AssociationPanel() {
  const profile = useQuery(associationQuery);
  if (profile.isPending) return <p role="status">Loading the association…</p>;
  if (profile.isError)
    return <FormAlert>Failed to load the association. Check the connection and try again.</FormAlert>;
  return (
    <>
      {/* A saved or undone change comes back as a new version: the form starts again from it. */}
      <AssociationForm key={profile.data.version} profile={profile.data} />
      <LogoField profile={profile.data} />
      <ChangeLog />
    </>
  );
}
