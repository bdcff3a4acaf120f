-- Both languages of a system message, so it reads in the language the user reads now (decision 053).
ALTER TABLE "system_messages" ADD COLUMN "texts" jsonb;
