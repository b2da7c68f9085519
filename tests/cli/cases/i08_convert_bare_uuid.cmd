printf '0190163d-8694-739b-aea5-966c26f8ad91\n0190163D8694739BAEA5966C26F8AD91\n0190163d8694\n' | sortid convert --from uuid --to ulid --on-error keep
