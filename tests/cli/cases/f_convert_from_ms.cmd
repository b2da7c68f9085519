printf '1700000000000\n0\n2024-01-31\n' | sortid convert --from ms --to uuid --on-error keep
