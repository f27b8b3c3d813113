"""Uploaders in a real browser say their real limit and hide Streamlit's own "… MB per file"
line (it can only count whole megabytes, and said 5 MB for every uploader)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.browser import open_page, wait_idle

pytestmark = pytest.mark.e2e


def test_the_save_uploader_says_2_mb_and_no_other_limit(page, app_url):
    open_page(page, app_url, "fan_mallet")
    page.get_by_role("button", name=re.compile("Save")).click()
    wait_idle(page)
    expect(page.get_by_text("Load a save file (JSON, at most 2 MB)")).to_be_visible()
    uploader = page.locator("[data-testid='stFileUploader']").filter(has_text="at most 2 MB")
    expect(uploader.locator("[data-testid='stFileUploaderDropzone']")).to_be_visible()
    # In the page, styled out: the browser's own line would say "2MB per file • JSON".
    expect(uploader.get_by_text(re.compile(r"MB per file"))).to_have_count(1)
    expect(uploader.get_by_text(re.compile(r"MB per file"))).to_be_hidden()
