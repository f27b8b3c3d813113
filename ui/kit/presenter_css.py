"""Presenter mode's style sheet (its own module: the presenter's code reads apart from it)."""

# Large type and big targets, black on white, a thick focus ring, no sidebar and less chrome,
# so the board, the step and its explanation fit a 1280×720 projector; at 1920×1080 the text
# grows. The title moves up into the presenter bar's empty right end and the gaps shrink:
# the board gains the ~90 px its hand row and buttons need. Notes float (toasts, at the
# bottom right over the side panel's least needed end) instead of pushing the board down.
# (CSS zoom would scale the Plotly board too, but it breaks Streamlit's column widths.)
CSS = """<style>
[data-testid='stSidebar'],[data-testid='stSidebarCollapsedControl'],[data-testid='stExpandSidebarButton'],
[data-testid='stHeader'],[data-testid='stElementContainer']:has(h1) + [data-testid='stElementContainer']{display:none!important}
[data-testid='stApp'],[data-testid='stMain']{background:#fff;color:#000}
[data-testid='stMainBlockContainer']{padding:0.3rem 1rem 1rem;max-width:100%;position:relative}
[data-testid='stMain'] [data-testid='stVerticalBlock']{gap:0.5rem}
[data-testid='stMain'] h1{font-size:1.5rem;padding:0}
[data-testid='stMainBlockContainer']>[data-testid='stVerticalBlock']>[data-testid='stElementContainer']:has(h1){position:absolute;top:0.55rem;right:1rem;width:auto!important;max-width:48%;z-index:1}
[data-testid='stMain'] [role='tab']{height:2.1rem}
[data-testid='stMain'] [data-testid='stTabs'] [role='tabpanel']{padding-top:0.5rem}
[data-testid='stMain'] p,[data-testid='stMain'] li{font-size:1.15rem;line-height:1.35;color:#000}
[data-testid='stMain'] button p{font-size:1.1rem}[data-testid='stMain'] [data-testid='stBaseButton-primary'] p{color:#fff}
[data-testid='stMain'] [data-testid^='stBaseButton'],[data-testid='stMain'] [data-testid='stPopoverButton']{min-height:2.3rem;padding-top:0.1rem;padding-bottom:0.1rem}
[data-testid='stMain'] [data-testid='stButtonGroup'] [data-testid='stWidgetLabel']{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
[data-testid='stMain'] h4{font-size:1.2rem;padding:0.2rem 0 0}
.st-key-play_split>div>[data-testid='stHorizontalBlock']>[data-testid='stColumn']{width:auto!important;min-width:0}
.st-key-play_split>div>[data-testid='stHorizontalBlock']>[data-testid='stColumn']:first-child{flex:61 1 0%!important}
.st-key-play_split>div>[data-testid='stHorizontalBlock']>[data-testid='stColumn']:last-child{flex:39 1 0%!important}
.st-key-lesson_step{border:3px solid #000;border-radius:0.5rem;padding:0.4rem 0.7rem;background:#fffbe6}
.st-key-lesson_step p,.st-key-lesson_step li{font-size:1.3rem;line-height:1.38}
:focus-visible{outline:4px solid #000!important;outline-offset:2px}
[data-testid='stToastContainer']{top:auto!important;bottom:0.5rem!important;right:0.5rem!important}
@media (min-width:1700px) and (min-height:950px){
 [data-testid='stMain'] p,[data-testid='stMain'] li{font-size:1.45rem}
 [data-testid='stMain'] button p{font-size:1.35rem}
 [data-testid='stMain'] h1{font-size:2rem}
 [data-testid='stMain'] h4{font-size:1.6rem}
 .st-key-lesson_step p,.st-key-lesson_step li{font-size:1.7rem}}
</style>"""
