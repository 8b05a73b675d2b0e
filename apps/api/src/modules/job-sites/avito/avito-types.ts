// Avito's answers as /work/shared/specs/avito describes them (only the fields we read are typed;
// every one is optional where the spec does not promise it).

export type AvitoAccount = {
  id: number;
  name?: string;
  email?: string;
  phone?: string;
  phones?: string[];
  profile_url?: string;
};

export type AvitoPublicationStatus = {
  id: string;
  vacancy?: {
    id?: number;
    status?:
      | 'created'
      | 'activated'
      | 'archived'
      | 'blocked'
      | 'closed'
      | 'expired'
      | 'rejected'
      | 'unblocked';
    moderation_status?: string;
    url?: string;
    reasons?: unknown;
  };
  last_action?: { status?: string; datetime?: string; error?: { code?: number; message?: string } };
};

export type AvitoApplicationRef = {
  id: string;
  created_at?: string;
  updated_at?: string;
  state?: string;
};

export type AvitoApplication = AvitoApplicationRef & {
  vacancy_id: number;
  is_viewed?: boolean;
  type?: 'by_phone' | 'by_chat';
  applicant?: {
    id?: string;
    resume_id?: number | null;
    data?: {
      name?: string;
      full_name?: { first_name?: string; last_name?: string; patronymic?: string };
      birthday?: string;
      gender?: string;
      citizenship?: string;
      education?: string;
    };
  };
  contacts?: {
    chat?: { value?: string };
    phones?: { value?: number | string; status?: string }[];
  };
  employee_id?: number;
};

/** A value of one of Avito's vacancy dictionaries; deprecated ones are refused on publishing. */
export type AvitoDictionaryItem = { id: number; name: string; deprecated?: boolean };

export type AvitoState = { slug: string; description?: string };

export type AvitoHookSubscription = { url: string; secret: string };

export type AvitoResume = {
  id: number;
  title?: string;
  description?: string;
  salary?: number;
  url?: string;
  params?: {
    age?: number;
    address?: string;
    education?: string;
    education_list?: {
      institution?: string;
      specialty?: string;
      education_stop?: number;
    }[];
    experience_list?: {
      company?: string;
      position?: string;
      responsibilities?: string;
      work_start?: string;
      work_finish?: string;
    }[];
    nationality?: string;
    pol?: string;
    [other: string]: unknown;
  };
  address_details?: { address?: string; location?: string };
  photos?: { url?: string }[];
};

export type AvitoResumeContacts = {
  name?: string;
  full_name?: { first_name?: string; last_name?: string; patronymic?: string };
  contacts?: { type?: string; value?: string }[];
};

export type AvitoChat = {
  id: string;
  context?: { type?: string; value?: { id?: number; title?: string } };
  users?: { id: number; name?: string }[];
  last_message?: AvitoMessage | null;
  created?: number;
  updated?: number;
};

export type AvitoMessage = {
  id: string;
  author_id?: number;
  created?: number;
  direction?: 'in' | 'out';
  type?: string;
  content?: { text?: string };
  is_read?: boolean;
};
