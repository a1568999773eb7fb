ALTER TYPE "public"."account_token_purpose" ADD VALUE 'deletion';--> statement-breakpoint
ALTER TYPE "public"."message_kind" ADD VALUE 'deletion_code' BEFORE 'passkey_added';